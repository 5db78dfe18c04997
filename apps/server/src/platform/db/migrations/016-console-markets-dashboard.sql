-- Operator console (issue 16): operators cancel market orders, the dashboard counts today's activity.

-- A third way an order ends: an operator cancels it, with a note the seller sees.
alter table mtrade_orders drop constraint mtrade_orders_cancel_reason_check;
alter table mtrade_orders add constraint mtrade_orders_cancel_reason_check check (cancel_reason in ('seller', 'expired', 'operator'));
alter table mtrade_orders add column cancel_note text check (char_length(cancel_note) <= 500);
alter table c2c_orders drop constraint c2c_orders_cancel_reason_check;
alter table c2c_orders add constraint c2c_orders_cancel_reason_check check (cancel_reason in ('seller', 'expired', 'operator'));
alter table c2c_orders add column cancel_note text check (char_length(cancel_note) <= 500);

-- The console's order lists filter by status, newest first (seller and buyer have indexes of their
-- own); each filter is one index range however many orders there are.
create index mtrade_orders_status_idx on mtrade_orders (status, id desc);
create index c2c_orders_status_idx on c2c_orders (status, id desc);

-- The dashboard's "today": new users and deposits by time, and the output still to collect.
create index users_created_at_idx on users (created_at);
create index deposits_credited_at_idx on deposits (credited_at) include (asset, amount);
create index miner_outputs_to_collect_idx on miner_outputs (id) include (amount) where status = 'to_collect';
