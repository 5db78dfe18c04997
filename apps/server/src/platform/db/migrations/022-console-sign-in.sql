-- The console signs in with EIP-4361 and a server nonce (login_nonces), as the app does: the
-- messages it used to keep against replay are no longer written.
drop table operator_login_messages;
