import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ObjectStorage, type StorageOptions } from './object-storage';

export interface StorageModuleOptions extends StorageOptions {
  /** Create the bucket at start-up when it is missing (local and test set-ups). */
  createBucket: boolean;
}

const STORAGE_MODULE_OPTIONS = Symbol('STORAGE_MODULE_OPTIONS');

@Injectable()
class StorageLifecycle implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly storage: ObjectStorage,
    @Inject(STORAGE_MODULE_OPTIONS) private readonly options: StorageModuleOptions,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.options.createBucket) await this.storage.ensureBucket();
  }

  onApplicationShutdown(): void {
    this.storage.destroy();
  }
}

/** Object storage for an app: inject ObjectStorage. */
@Module({})
export class StorageModule {
  static forRoot(options: StorageModuleOptions): DynamicModule {
    return {
      module: StorageModule,
      global: true,
      providers: [
        { provide: STORAGE_MODULE_OPTIONS, useValue: options },
        { provide: ObjectStorage, useFactory: () => new ObjectStorage(options) },
        StorageLifecycle,
      ],
      exports: [ObjectStorage],
    };
  }
}
