-- The request that wrote the row (issue 51): the id a client or the edge sent in X-Request-Id, or the
-- server's own, as every log line of that request carries it. An operator follows one person's
-- withdrawal or one operator's action from the edge's logs to the row, and back. Null: written
-- outside a request (a job), or before this migration.
alter table operator_audit add column request_id text;
alter table withdrawals add column request_id text;
