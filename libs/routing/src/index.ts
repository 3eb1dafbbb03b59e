export * from './gateway';
export * from './ingress';
export * from './route-table';
