/**
 * Every error the API can answer, with its stable body code and HTTP status.
 * The message shown to people is the catalog entry `errors.<key>` in each language.
 */
export const errorCatalog = {
  unauthorized: { code: 401, status: 401 },
  invalid_request: { code: 1000, status: 400 },
  invalid_params: { code: 1001, status: 400 },
  not_found: { code: 1002, status: 404 },
  internal: { code: 1003, status: 500 },
  rate_limited: { code: 1004, status: 429 },
  account_frozen: { code: 1005, status: 403 },
  no_permission: { code: 1006, status: 403 },
  idempotency_conflict: { code: 1007, status: 409 },

  login_message_invalid: { code: 2001, status: 400 },
  login_message_expired: { code: 2002, status: 400 },
  login_message_used: { code: 2003, status: 409 },
  signature_invalid: { code: 2004, status: 400 },
  refresh_token_invalid: { code: 2005, status: 401 },
  refresh_token_reused: { code: 2006, status: 401 },

  insufficient_wallx: { code: 3001, status: 409 },
  insufficient_usdt: { code: 3002, status: 409 },
  insufficient_balance: { code: 3003, status: 409 },
  insufficient_fee: { code: 3004, status: 409 },
  invalid_wallet_account: { code: 3005, status: 400 },
  transfer_to_self: { code: 3006, status: 400 },
  fund_password_incorrect: { code: 3007, status: 403 },
  fund_password_locked: { code: 3008, status: 429 },
  fund_password_not_set: { code: 3009, status: 409 },
  fund_password_too_short: { code: 3010, status: 400 },
  fund_password_mismatch: { code: 3011, status: 400 },
  withdrawal_too_small: { code: 3012, status: 400 },
  fund_password_already_set: { code: 3013, status: 409 },
  withdrawal_not_multiple: { code: 3014, status: 400 },
  withdrawal_not_found: { code: 3015, status: 404 },
  withdrawal_status_error: { code: 3016, status: 409 },
  deposit_reports_pending: { code: 3017, status: 429 },
  wallet_signature_required: { code: 3018, status: 400 },
  fund_password_reset_hold: { code: 3019, status: 409 },

  gift_not_transferable: { code: 4001, status: 409 },
  order_not_found: { code: 4002, status: 404 },
  order_status_error: { code: 4003, status: 409 },
  unfinished_order: { code: 4004, status: 409 },
  miner_not_found: { code: 4005, status: 404 },
  miner_already_on: { code: 4006, status: 409 },
  miner_is_on: { code: 4007, status: 409 },
  miner_is_selling: { code: 4008, status: 409 },
  miner_is_expired: { code: 4009, status: 409 },
  product_sold_out: { code: 4010, status: 409 },
  purchase_limit_reached: { code: 4011, status: 409 },
  pay_asset_unavailable: { code: 4012, status: 400 },
  output_not_found: { code: 4013, status: 404 },
  output_already_collected: { code: 4014, status: 409 },
  nothing_to_collect: { code: 4015, status: 409 },
  sell_order_incomplete: { code: 4016, status: 400 },
  own_order: { code: 4017, status: 409 },
  output_day_not_over: { code: 4018, status: 400 },
  miner_claimed: { code: 4019, status: 409 },

  delivery_already_requested: { code: 5001, status: 409 },
  product_not_held: { code: 5002, status: 409 },
  pickup_not_available: { code: 5003, status: 409 },
  product_info_not_found: { code: 5004, status: 404 },
  delivery_address_required: { code: 5005, status: 409 },
  no_pickup_point: { code: 5006, status: 409 },
  writeoff_code_invalid: { code: 5007, status: 400 },
  writeoff_failed: { code: 5008, status: 409 },
  insufficient_inventory: { code: 5009, status: 409 },
  course_unavailable: { code: 5010, status: 403 },
  phone_invalid: { code: 5011, status: 400 },
  addresses_limit: { code: 5012, status: 409 },
  address_not_found: { code: 5013, status: 404 },

  team_member_not_found: { code: 6001, status: 404 },
  share_code_unknown: { code: 6002, status: 404 },

  feedback_too_many: { code: 7001, status: 429 },
  feedback_not_found: { code: 7002, status: 404 },
  article_not_found: { code: 7003, status: 404 },
  course_not_found: { code: 7004, status: 404 },
  article_key_taken: { code: 7005, status: 409 },
  course_has_progress: { code: 7006, status: 409 },
  content_order_mismatch: { code: 7007, status: 409 },

  operator_unknown: { code: 8001, status: 403 },
  operator_session_invalid: { code: 8002, status: 401 },

  money_settings_stale: { code: 8501, status: 409 },
  money_report_range: { code: 8502, status: 400 },
  // Console: markets, operators (8301–8399).
  market_order_not_pending: { code: 8301, status: 409 },
  operator_configured: { code: 8302, status: 409 },
  operator_exists: { code: 8303, status: 409 },
  operator_not_found: { code: 8304, status: 404 },
  operator_self: { code: 8305, status: 409 },
  operator_own_account: { code: 8306, status: 403 },
  user_not_found: { code: 8101, status: 404 },
  user_search_invalid: { code: 8102, status: 400 },
  user_already_frozen: { code: 8103, status: 409 },
  user_not_frozen: { code: 8104, status: 409 },
  product_changed: { code: 8201, status: 409 },
  product_terms_locked: { code: 8202, status: 409 },
  image_too_large: { code: 8203, status: 413 },
  image_type_unsupported: { code: 8204, status: 415 },
  image_content_mismatch: { code: 8205, status: 400 },
  image_not_found: { code: 8206, status: 404 },
  product_not_gift: { code: 8207, status: 409 },
  gift_user_not_found: { code: 8208, status: 404 },
  stock_below_zero: { code: 8209, status: 409 },
} as const satisfies Record<string, { code: number; status: number }>;

export type ErrorKey = keyof typeof errorCatalog;

const byCode = new Map<number, ErrorKey>(
  (Object.keys(errorCatalog) as ErrorKey[]).map((key) => [errorCatalog[key].code, key]),
);

export function errorKeyOfCode(code: number): ErrorKey | undefined {
  return byCode.get(code);
}
