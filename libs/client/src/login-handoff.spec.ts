import { AuthSession } from './auth-session';
import { LoginFailedError, takeLoginHandoff, type HandoffWindow } from './login-handoff';

/** A window at `href` whose history records each replacement. */
function windowAt(href: string): HandoffWindow & { replaced: string[] } {
  const replaced: string[] = [];
  return {
    replaced,
    location: { href },
    history: {
      state: { page: 1 },
      replaceState(_data, _unused, url) {
        replaced.push(String(url));
      },
    },
  };
}

const options = { baseUrl: 'https://edge.example.org' };

describe('takeLoginHandoff', () => {
  it('takes both tokens into a session and leaves the address without them, keeping the rest', () => {
    const win = windowAt('https://console.example.org/login?tab=2&token=ACCESS.JWT#refreshToken=REFRESH&panel=a');
    const session = takeLoginHandoff(options, win);
    expect(session).toBeInstanceOf(AuthSession);
    expect(session!.currentTokens()).toEqual({ accessToken: 'ACCESS.JWT', refreshToken: 'REFRESH' });
    expect(win.replaced).toEqual(['https://console.example.org/login?tab=2#panel=a']);
  });

  it('drops the fragment and the query entirely when they held only the hand-off', () => {
    const win = windowAt('https://console.example.org/login?token=A#refreshToken=R');
    takeLoginHandoff(options, win);
    expect(win.replaced).toEqual(['https://console.example.org/login']);
  });

  it('answers nothing and touches no history on an ordinary page load', () => {
    const win = windowAt('https://console.example.org/candidates?page=2#top');
    expect(takeLoginHandoff(options, win)).toBeUndefined();
    expect(win.replaced).toEqual([]);
  });

  it('throws LoginFailedError on ?error= and on half a hand-off, after cleaning the address', () => {
    const failed = windowAt('https://console.example.org/login?error=auth_failed');
    expect(() => takeLoginHandoff(options, failed)).toThrow(new LoginFailedError('auth_failed'));
    expect(failed.replaced).toEqual(['https://console.example.org/login']);
    const half = windowAt('https://console.example.org/login?token=A');
    expect(() => takeLoginHandoff(options, half)).toThrow(LoginFailedError);
    expect(half.replaced).toEqual(['https://console.example.org/login']);
  });
});
