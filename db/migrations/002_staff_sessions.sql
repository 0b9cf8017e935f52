-- 002_staff_sessions: a password reset ends the sessions opened before it (staff JWTs are stateless,
-- so a session is valid only when its token was issued at or after this instant).
alter table users add column sessions_valid_after timestamptz;
