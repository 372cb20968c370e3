/**
 * The single table's design, used by the CDK stateful stack and by the local host when it creates the table,
 * so both homes have the same keys, index and TTL.
 */
export const TABLE_DESIGN = {
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'expiresAt',
  /**
   * GSI1: a user's car packages and batches, newest first (GSI1PK = USER#<sub>, GSI1SK = SESSION#<ulid>).
   * GSI2: car packages by the UTC day they started (GSI2PK = CAR_PACKAGES#<yyyy-mm-dd>, GSI2SK = <started at>#<id>),
   * for the admin area's Operations figures (the last 24 hours: two Queries, no Scan).
   */
  globalSecondaryIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ],
} as const;

/** Bucket CORS: the browser uploads with presigned POST and downloads with presigned GET. */
export const UPLOAD_CORS = {
  allowedMethods: ['GET', 'PUT', 'POST', 'HEAD'] as const,
  allowedHeaders: ['*'],
  exposedHeaders: ['ETag'],
  maxAgeSeconds: 3000,
};
