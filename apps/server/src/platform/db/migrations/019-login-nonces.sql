-- Sign-in with Ethereum (EIP-4361): the server issues each nonce, and a login spends it. A nonce is
-- its own record of use, so the (address, message) memory of the old fixed message goes.
create table login_nonces (
  nonce text primary key,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index login_nonces_expires_at_idx on login_nonces (expires_at);

drop table login_messages;
