// The whole schema, for drizzle's relational queries. drizzle-kit reads the modules directly.

export * from './activities';
export * from './activity-records';
export * from './billing';
export * from './campaigns';
export * from './catalog';
export * from './facts';
export * from './geo';
export * from './identity';
export * from './jobs';
export * from './leads';
export * from './partners';
export * from './seo';
export * from './shell';
export * from './signup';
export * from './toolbar';
