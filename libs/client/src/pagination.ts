/** One page as the clients answer it (errors are thrown, so `data` is there). */
interface Fetched<Body> {
  data?: Body;
}

/**
 * Recruiting's paginated lists: the items in `data`, the page in `pagination` (`RecruitingPagination` in
 * docs/openapi/recruiting-api.json).
 */
export interface RecruitingPageBody<T> {
  data: T[];
  pagination: { page: number; totalPages: number; hasNext: boolean };
}

/** Race content's paged lists: `{ list, current_page, total_count }` (`RaceContentPage` in docs/openapi/race-content-api.json). */
export interface RaceContentPageBody<T> {
  list: T[];
  current_page: number;
  total_count: number;
}

/** The builder's lists: the items in `data`, taken with `limit` and `offset`. */
export interface BuilderListBody<T> {
  data: T[];
}

const bodyOf = <Body>(fetched: Fetched<Body>): Body => {
  if (fetched.data === undefined) throw new Error('The page came back without a body');
  return fetched.data;
};

/**
 * Every item of a recruiting list, page after page (1, 2, ...) until `pagination.hasNext` is false:
 * `for await (const c of recruitingItems((page) => client.GET(path, { params: { query: { page, limit: 100 } } })))`.
 */
export async function* recruitingItems<T>(fetchPage: (page: number) => Promise<Fetched<RecruitingPageBody<T>>>): AsyncGenerator<T> {
  for (let page = 1; ; page++) {
    const body = bodyOf(await fetchPage(page));
    yield* body.data;
    if (!body.pagination.hasNext || body.data.length === 0) return;
  }
}

/** Every item of a race content list, page after page, until `total_count` items came or a page is empty. */
export async function* raceContentItems<T>(fetchPage: (page: number) => Promise<Fetched<RaceContentPageBody<T>>>): AsyncGenerator<T> {
  let seen = 0;
  for (let page = 1; ; page++) {
    const body = bodyOf(await fetchPage(page));
    yield* body.list;
    seen += body.list.length;
    if (body.list.length === 0 || seen >= body.total_count) return;
  }
}

/** Every item of a builder list, `limit` at a time by offset, until a shorter page. */
export async function* builderItems<T>(
  limit: number,
  fetchPage: (offset: number, limit: number) => Promise<Fetched<BuilderListBody<T>>>,
): AsyncGenerator<T> {
  for (let offset = 0; ; offset += limit) {
    const body = bodyOf(await fetchPage(offset, limit));
    yield* body.data;
    if (body.data.length < limit) return;
  }
}
