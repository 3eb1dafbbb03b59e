import { maskIp } from '../domain/ip-mask';
import { type PanelRow } from '../warehouse/warehouse.repository';
import { type Panel } from './dto/surveys.response';

export const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
export const text = (v: unknown) => (typeof v === 'string' ? v : null);

export function panelOf(row: PanelRow): Panel {
  const device = row.device ?? {};
  return {
    panelId: row.panelId,
    isCompleted: row.isCompleted,
    customKey: row.customKey,
    completedAt: iso(row.completedAt),
    deviceInfo: {
      platform: text(device.platform),
      browser: text(device.browser),
      browserVersion: text(device.browserVersion),
      os: text(device.os),
      resolution: text(device.resolution),
      isMobile: typeof device.isMobile === 'boolean' ? device.isMobile : null,
      ipAddress: maskIp(row.ipAddress),
    },
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
