import { type DynamicModule, Module } from '@nestjs/common';
import { MessagingModule } from '@platform/messaging';
import { MongoModule, RedisModule, TokenVersionsModule } from '@platform/persistence';
import { RACE_CONTENT_INDEXES } from '@platform/race-content-data';
import { StorageModule } from '@platform/storage';
import type { RaceContentConfig } from './config';
import { EmbeddingsModule } from './embeddings/embeddings.module';
import { PingController } from './ping/ping.controller';
import { RaceContentHttpModule } from './http/race-content-http.module';
import { ArticlesModule } from './articles/articles.module';
import { BlogGenerationModule } from './blogs/generation/blog-generation.module';
import { BlogsModule } from './blogs/blogs.module';
import { CategoriesModule } from './categories/categories.module';
import { MediasModule } from './medias/medias.module';
import { NgWordsModule } from './ng-words/ng-words.module';
import { OldBlogsModule } from './old-blogs/old-blogs.module';
import { RacesModule } from './races/races.module';

@Module({})
export class AppModule {
  static register(config: RaceContentConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        MongoModule.forRoot({ ...config.mongo, indexes: RACE_CONTENT_INDEXES }),
        MessagingModule.forRoot(config.messaging),
        StorageModule.forRoot(config.storage),
        RedisModule.forRoot({ url: config.tokenVersions.redisUrl }),
        TokenVersionsModule.forRoot({ keyPrefix: config.tokenVersions.keyPrefix }),
        RaceContentHttpModule.register(config.jwt),
        EmbeddingsModule.register(config.embedding),
        RacesModule,
        ArticlesModule,
        CategoriesModule,
        BlogsModule,
        BlogGenerationModule.register(config.related),
        OldBlogsModule,
        MediasModule.register(config.media),
        NgWordsModule,
      ],
      controllers: [PingController],
    };
  }
}
