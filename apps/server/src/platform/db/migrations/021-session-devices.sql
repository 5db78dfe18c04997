-- What /settings shows of each login session, so a user can spot one that is not theirs: the device
-- (the browser's user agent), a coarse network (never the whole address) and when it was last used
-- (its last token refresh). Sessions from before have none of these.
alter table sessions
  add column user_agent text,
  add column ip_prefix text,
  add column last_used_at timestamptz;
