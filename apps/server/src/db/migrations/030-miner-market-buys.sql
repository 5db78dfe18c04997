-- /mine shows what each miner was bought for: its latest market fill is read per miner, by this index.
create index mtrade_orders_filled_miner_idx on mtrade_orders (miner_id, filled_at desc) where status = 'filled';
