-- The market lists (decision 63): each sort's partial index also holds the seller and the expiry, so
-- a page's ids come from an index-only scan that skips the viewer's own orders and expired ones
-- without reading the table; then only the page's rows are fetched by primary key.
drop index mtrade_orders_newest_idx;
drop index mtrade_orders_expiring_idx;
drop index mtrade_orders_price_idx;
create index mtrade_orders_newest_idx on mtrade_orders (id desc) include (seller_id, expires_at) where status = 'pending';
create index mtrade_orders_expiring_idx on mtrade_orders (expires_at, id) include (seller_id) where status = 'pending';
create index mtrade_orders_price_idx on mtrade_orders (unit_price, id) include (seller_id, expires_at) where status = 'pending';
drop index c2c_orders_newest_idx;
drop index c2c_orders_expiring_idx;
drop index c2c_orders_price_idx;
create index c2c_orders_newest_idx on c2c_orders (id desc) include (seller_id, expires_at) where status = 'pending';
create index c2c_orders_expiring_idx on c2c_orders (expires_at, id) include (seller_id) where status = 'pending';
create index c2c_orders_price_idx on c2c_orders (unit_price, id) include (seller_id, expires_at) where status = 'pending';
