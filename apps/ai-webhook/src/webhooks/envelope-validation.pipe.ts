import { Injectable, type PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { fieldProblems, validationError } from '@platform/contracts';
import { isPhaseSignal } from '../domain/wf2des-transitions';
import { ENVELOPE_CLASSES, ENVELOPE_TYPES, type Envelope, type EnvelopeType } from './dto/envelopes.dto';

/**
 * Validates a callback against the DTO of its `type`: unknown types (page-import and code2wf
 * included) and unknown fields are refused, and wf2des carries result_manifest_url exactly on its terminal
 * statuses. Every refusal is VALIDATION_FAILED (422).
 */
@Injectable()
export class EnvelopeValidationPipe implements PipeTransform<unknown, Promise<Envelope>> {
  async transform(value: unknown): Promise<Envelope> {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw validationError([{ field: 'body', message: 'The body must be a JSON object' }]);
    }
    const type = (value as { type?: unknown }).type;
    if (typeof type !== 'string' || !(ENVELOPE_TYPES as readonly string[]).includes(type)) {
      throw validationError([{ field: 'type', message: `type must be one of ${ENVELOPE_TYPES.join(', ')}` }]);
    }
    const envelope = plainToInstance(ENVELOPE_CLASSES[type as EnvelopeType], value);
    const errors = await validate(envelope, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
    if (errors.length) throw validationError(fieldProblems(errors));
    if (envelope.type === 'wf2des') {
      const terminal = !isPhaseSignal(envelope.status);
      if (terminal && envelope.result_manifest_url === undefined) {
        throw validationError([
          { field: 'result_manifest_url', message: `result_manifest_url is required when status is ${envelope.status}` },
        ]);
      }
      if (!terminal && envelope.result_manifest_url !== undefined) {
        throw validationError([
          { field: 'result_manifest_url', message: `result_manifest_url must be absent when status is ${envelope.status}` },
        ]);
      }
    }
    return envelope;
  }
}
