export * from './chat-model';
export * from './env';
