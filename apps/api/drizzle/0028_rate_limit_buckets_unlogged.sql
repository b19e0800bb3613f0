-- Rate-limit counters need no crash safety: an UNLOGGED table skips the WAL, so the upsert that
-- every API request makes does not wait for a WAL flush. After a crash the counters start empty.
ALTER TABLE "rate_limit_buckets" SET UNLOGGED;
