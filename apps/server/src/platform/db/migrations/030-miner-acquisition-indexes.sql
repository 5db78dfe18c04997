-- /mine shows what each miner was bought for, from its latest change of hands: its latest market fill
-- and its latest transfer are each read per miner through one of these, for a page of miners at once.
create index mtrade_orders_filled_miner_idx on mtrade_orders (miner_id, filled_at desc) where status = 'filled';
-- Replaces (miner_id): the latest transfer of a miner without scanning all of its transfers or the table.
create index miner_transfers_miner_latest_idx on miner_transfers (miner_id, id desc);
drop index miner_transfers_miner_idx;
