#!/bin/sh
# The two roles of docs/configuration.md ("Database roles"), run once by the postgres image on a new
# volume: wallx_owner owns the schema and runs the migrations, wallx_app only reads and writes rows.
set -eu
psql -v ON_ERROR_STOP=1 --username postgres --dbname wallx \
  -v owner_password="$WALLX_OWNER_PASSWORD" -v app_password="$WALLX_APP_PASSWORD" <<'SQL'
create role wallx_owner login password :'owner_password';
create role wallx_app login password :'app_password';
create schema wallx authorization wallx_owner;
grant usage on schema wallx to wallx_app;
alter default privileges for role wallx_owner in schema wallx grant select, insert, update, delete on tables to wallx_app;
alter default privileges for role wallx_owner in schema wallx grant usage, select on sequences to wallx_app;
alter role wallx_owner set search_path = wallx;
alter role wallx_app set search_path = wallx;
SQL
