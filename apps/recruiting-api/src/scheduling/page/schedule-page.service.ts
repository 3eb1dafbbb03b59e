import { Inject, Injectable } from '@nestjs/common';
import { BookableSlotsService, slotsIn } from '../../slots/bookable-slots.service';
import { PreferredSlotsRepository } from '../../database/repositories/preferred-slots.repository';
import type { SchedulingConfig } from '../../config';
import { SCHEDULING_CONFIG } from '../../config.tokens';
import { RecruitingDb } from '../../database/recruiting-db';
import { slotIdOf } from '../../domain/slots';
import { RecruitingError } from '../../recruiting.errors';
import { SchedulingService } from '../scheduling.service';
import { type DayRange, pageWindow } from './page-window';
import { MAX_SLOTS, type PageState } from './schedule-page.render';

export interface PageResult {
  status: number;
  state: PageState;
}

type Notice = Extract<PageState, { kind: 'open' }>['notice'];

const ERROR_PAGES: Record<string, { status: number; title: string; message: string }> = {
  NOT_FOUND: {
    status: 404,
    title: 'このリンクは無効です',
    message: 'リンクが正しくないか、新しいご案内メールで置き換えられています。最新のメールのリンクを開いてください。',
  },
  SCHEDULING_TOKEN_ERROR: {
    status: 400,
    title: 'このリンクは有効期限が切れています',
    message: 'お手数ですが、担当者に新しいご案内メールの送付をご依頼ください。',
  },
};

/** The states of the public page, from the same services as the public API. */
@Injectable()
export class SchedulePageService {
  constructor(
    private readonly db: RecruitingDb,
    private readonly scheduling: SchedulingService,
    private readonly bookable: BookableSlotsService,
    private readonly preferred: PreferredSlotsRepository,
    @Inject(SCHEDULING_CONFIG) private readonly config: SchedulingConfig,
  ) {}

  /**
   * The page: the slots starting in the days the address names (`from`, `to`, the project's time zone), else in the
   * week from the first slot, with links to the weeks before and after that have slots. Earlier choices outside the
   * shown days ride along in the form, so a submission from any week keeps them.
   */
  async page(token: string, notice?: Notice, status = 200, days: DayRange = {}): Promise<PageResult> {
    let resolved;
    try {
      resolved = await this.scheduling.resolve(token);
    } catch (error) {
      return this.errorPage(error);
    }
    const { projectCandidateId, project } = resolved;
    const info = await this.scheduling.info(token);
    if (info.reservation) {
      // A submission (any refusal status asked for) meets a confirmed reservation: 409, as the public API answers it.
      return {
        status: status === 200 ? 200 : 409,
        state: {
          kind: 'scheduled',
          ...(status === 200 ? {} : { code: 'SLOT_NOT_AVAILABLE' }),
          projectName: project.name,
          candidateName: info.candidate.name,
          timezone: project.timezone,
          reservation: { ...info.reservation, scheduledAt: new Date(info.reservation.scheduledAt) },
        },
      };
    }
    const [slots, earlier] = await Promise.all([
      this.bookable.slots(project.id, project.interviewDurationMinutes),
      this.preferred.ofCandidates(this.db, [projectCandidateId]),
    ]);
    const page = pageWindow(slots, project.timezone, days, new Date());
    const shown = slotsIn(slots, page.window);
    const chosen = new Set(earlier.map((p) => slotIdOf(this.config.slotKey, p.interviewerId, p.startAt)));
    const onShownDays = new Set(shown.map((s) => s.slotId));
    return {
      status,
      state: {
        kind: 'open',
        token,
        projectName: project.name,
        candidateName: info.candidate.name,
        durationMinutes: project.interviewDurationMinutes,
        timezone: project.timezone,
        slots: shown,
        chosen,
        keptElsewhere: slots.filter((s) => chosen.has(s.slotId) && !onShownDays.has(s.slotId)),
        days: page.range,
        previous: page.previous,
        next: page.next,
        notice,
      },
    };
  }

  /** The form without script: the chosen slotIds go through the same submission as the public API. */
  async submit(token: string, slotIds: string[]): Promise<{ redirect: string } | PageResult> {
    if (slotIds.length === 0 || slotIds.length > MAX_SLOTS) {
      const message = slotIds.length === 0 ? '日時を1件以上お選びください。' : `選べるのは${MAX_SLOTS}件までです。`;
      return this.page(token, { kind: 'error', code: 'VALIDATION_FAILED', message }, 400);
    }
    try {
      const { project } = await this.scheduling.resolve(token);
      const current = new Map((await this.bookable.slots(project.id, project.interviewDurationMinutes)).map((s) => [s.slotId, s]));
      const slots = [...new Set(slotIds)].map((id) => {
        const slot = current.get(id);
        if (!slot) throw new RecruitingError('SLOT_NOT_AVAILABLE', 'A chosen slot is no longer available');
        return { slotId: id, interviewerId: slot.interviewerId, startAt: slot.startAt.toISOString(), endAt: slot.endAt.toISOString() };
      });
      const result = await this.scheduling.submit(token, { slots });
      return { redirect: `/schedule/${encodeURIComponent(token)}?submitted=${result.selectedCount}` };
    } catch (error) {
      if (error instanceof RecruitingError && error.code === 'SLOT_NOT_AVAILABLE') {
        const message = '選択した日時の一部が選べなくなりました。もう一度お選びください。';
        return this.page(token, { kind: 'error', code: 'SLOT_NOT_AVAILABLE', message }, 409);
      }
      return this.errorPage(error);
    }
  }

  private errorPage(error: unknown): PageResult {
    const page = error instanceof RecruitingError ? ERROR_PAGES[error.code] : undefined;
    if (!page) throw error;
    const code = (error as RecruitingError).code;
    return { status: page.status, state: { kind: 'error', code, title: page.title, message: page.message } };
  }
}
