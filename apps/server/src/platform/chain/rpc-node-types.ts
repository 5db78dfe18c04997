/** One configured RPC node as operators and metrics see it: never its URL, which may carry an API key. */
export type RpcNodeState = {
  /** The node's place in RPC_URL, from 0: the metrics label. */
  label: string;
  host: string;
  /** Its block number at the last poll; null until it has answered one. */
  head: bigint | null;
  /** Failed requests and polls since start (a counter). */
  errors: number;
  /** Money questions on which its answer went against the others' since start (a counter). */
  disagreements: number;
  /** How far its head was behind the quorum's at the last poll (negative: ahead of it). */
  behind: bigint | null;
  isHealthy: boolean;
};

export type RpcNodesOptions = {
  maxLagBlocks: number;
  refreshMs: number;
  /** How many nodes must give the same answer before it decides money (RPC_QUORUM): 1 with one node. */
  quorum?: number;
  timeoutMs?: number;
  retryCount?: number;
};
