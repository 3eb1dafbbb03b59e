import { Injectable } from '@nestjs/common';
import { BuilderDb } from '../database/builder-db';
import { generateInitialContent } from '../domain/initial-content';
import { categoriesOf, overlongThemeFields, type StoredTheme, themeFieldText, toStoredTheme, toStructuredTheme } from '../domain/theme';
import { BuilderError } from '../builder.errors';
import { keywordsOf, RELATED_QUESTION_LIMIT } from '../domain/theme-assist';
import type { Actor } from '../identity/actor';
import { LibraryRepository } from '../question-sources/library.repository';
import { SurveyAccessService } from '../survey-core/survey-access.service';
import { SurveyRepository } from '../survey-core/survey.repository';
import type { ThemeAssistResponse, ThemeResponse } from './dto/survey-extras.response';
import type { ThemeAssistDto, UpdateThemeDto } from './dto/theme.dto';
import { SurveyWrites } from '../survey-core/survey-writes.service';

/** The theme in its structured form (`ThemeResponse`), and suggestions for one (theme-assists). */
@Injectable()
export class SurveyThemesService {
  constructor(
    private readonly db: BuilderDb,
    private readonly writes: SurveyWrites,
    private readonly access: SurveyAccessService,
    private readonly surveys: SurveyRepository,
    private readonly library: LibraryRepository,
  ) {}

  async theme(actor: Actor, surveyId: string): Promise<ThemeResponse> {
    const survey = await this.access.forView(this.db, actor, surveyId);
    return { ...toStructuredTheme(survey), status: survey.status };
  }

  async updateTheme(actor: Actor, surveyId: string, dto: UpdateThemeDto): Promise<ThemeResponse> {
    const stored = toStoredTheme(dto);
    const overlong = overlongThemeFields(stored);
    if (overlong.length)
      throw new BuilderError('VALIDATION_FAILED', `Invalid request: ${overlong.map((p) => p.field).join(', ')}`, overlong);
    return this.writes.onSurvey(surveyId, async (trx) => {
      await this.access.forEdit(trx, actor, surveyId);
      await this.surveys.update(trx, surveyId, stored, actor.id);
      const survey = await this.access.forView(trx, actor, surveyId);
      return { ...toStructuredTheme(survey), status: survey.status };
    });
  }

  /** Suggestions for a theme, before or after a survey exists (`suggestThemeContent`). */
  async themeAssists(dto: ThemeAssistDto): Promise<ThemeAssistResponse> {
    const theme: StoredTheme = {
      title: dto.title,
      clientName: dto.clientName,
      objective: themeFieldText(dto.objective),
      deliveryArea: themeFieldText(dto.deliveryArea),
      category: themeFieldText(dto.category),
      promptText: dto.promptText ?? '',
    };
    const selected = dto.selectedCategories ?? categoriesOf(theme.category);
    const keywords = keywordsOf(theme.title, theme.objective, theme.category, theme.promptText, ...selected);
    const related = await this.library.related(this.db, keywords, RELATED_QUESTION_LIMIT);
    const unique = (items: string[]) => [...new Set(items.filter(Boolean))];
    return {
      suggestedCategories: unique([...selected, ...related.map((r) => r.category)]),
      relatedQuestions: related.map((r) => ({
        id: r.id,
        category: r.category,
        sectionTitle: r.sectionTitle,
        promptText: r.normalizedPayload.promptText,
        questionType: r.questionType,
      })),
      recommendedSections: unique([...generateInitialContent(theme).map((s) => s.title), ...related.map((r) => r.sectionTitle)]),
    };
  }
}
