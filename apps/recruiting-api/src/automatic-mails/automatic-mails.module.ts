import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories/repositories.module';
import { AutomaticMailsService } from './automatic-mails.service';

/** The mails the platform sends by itself on a candidate's step (the acknowledgement, the confirmation), logged. */
@Module({ imports: [RepositoriesModule], providers: [AutomaticMailsService], exports: [AutomaticMailsService] })
export class AutomaticMailsModule {}
