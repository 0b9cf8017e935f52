-- 040_webhook_secret_rotation: a rotated signing secret stays valid for a day.
--
-- A station that rotates an endpoint's secret cannot update its receiver at the same instant: for
-- WEBHOOK_SECRET_OVERLAP (24 h) after a rotation, every delivery carries two signatures (Standard Webhooks
-- allows several, space-separated in `webhook-signature`), one with the new secret and one with the previous
-- one, so the receiver accepts deliveries whichever secret it holds. Past that time the previous secret is
-- no longer used (and is cleared at the next rotation).
alter table webhooks add column previous_secret text;
alter table webhooks add column previous_secret_until timestamptz;
