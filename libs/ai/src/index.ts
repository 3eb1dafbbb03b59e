export * from './chat-model';
export * from './embedding';
export * from './env';
