import { defineQueue } from '@platform/messaging';
import { IsInt, Max, Min } from 'class-validator';

/** A job of the `recruiting-import` queue: run (or resume) the import its log describes. */
export class ImportJobMessage {
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  importLogId!: number;
}

/** File and survey imports, consumed by recruiting-api itself (durable, publisher confirms, manual acks). */
export const RECRUITING_IMPORT_QUEUE = defineQueue('recruiting-import', ImportJobMessage);
