import { Module } from '@nestjs/common';
import { NgWordsController } from './ng-words.controller';
import { NgWordsRepository } from './ng-words.repository';
import { NgWordsService } from './ng-words.service';

/** NG words (spec 4.8). */
@Module({ controllers: [NgWordsController], providers: [NgWordsService, NgWordsRepository] })
export class NgWordsModule {}
