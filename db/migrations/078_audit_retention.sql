-- 078_audit_retention: how long a channel keeps its audit log (months), as its administrator chose; the
-- worker's purge reads it (db/audit.ts purgeAudit). Entries of no channel keep the platform's default.
alter table channels add column audit_retention_months integer not null default 24
  check (audit_retention_months between 1 and 120);
