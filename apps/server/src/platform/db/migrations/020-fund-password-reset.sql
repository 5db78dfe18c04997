-- A fund password reset by the wallet's signature holds what it guards for 24 hours: a thief who
-- phished the signature gets no money out before the owner notices.
alter table users add column fund_password_hold_until timestamptz;
