// Types for the part of s3rver (an in-process S3-protocol server, the tests' bucket) that
// test/server/s3-server.ts uses.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory: string;
      resetOnClose?: boolean;
      configureBuckets?: { name: string; configs?: string[] }[];
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
