-- Recent recipients read a user's newest miner transfers as sender: without this, the newest of the
-- whole table are scanned until enough of the user's are found.
create index miner_transfers_sender_latest_idx on miner_transfers (from_user_id, id desc);
