// A WebM writer (a Matroska subset): one VP8 track, a cluster at each key frame, and cues to seek by.

function vint(size) {
  // Sizes as 8-byte vints: every element's header has a fixed length, so offsets are easy to reckon.
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(BigInt(size) | (1n << 56n));
  return out;
}
function idBytes(id) {
  const hex = id.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}
const element = (id, ...children) => {
  const body = Buffer.concat(children);
  return Buffer.concat([idBytes(id), vint(body.length), body]);
};
const uint = (id, value, bytes = 0) => {
  let hex = BigInt(value).toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  const raw = Buffer.from(hex, 'hex');
  return element(id, bytes ? Buffer.concat([Buffer.alloc(bytes - raw.length), raw]) : raw);
};
const float = (id, value) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(value);
  return element(id, b);
};
const str = (id, value) => element(id, Buffer.from(value, 'utf8'));

const ID = {
  EBML: 0x1a45dfa3,
  EBMLVersion: 0x4286,
  EBMLReadVersion: 0x42f7,
  EBMLMaxIDLength: 0x42f2,
  EBMLMaxSizeLength: 0x42f3,
  DocType: 0x4282,
  DocTypeVersion: 0x4287,
  DocTypeReadVersion: 0x4285,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Seek: 0x4dbb,
  SeekID: 0x53ab,
  SeekPosition: 0x53ac,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  MuxingApp: 0x4d80,
  WritingApp: 0x5741,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackUID: 0x73c5,
  TrackType: 0x83,
  FlagLacing: 0x9c,
  CodecID: 0x86,
  DefaultDuration: 0x23e383,
  Video: 0xe0,
  PixelWidth: 0xb0,
  PixelHeight: 0xba,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  Cues: 0x1c53bb6b,
  CuePoint: 0xbb,
  CueTime: 0xb3,
  CueTrackPositions: 0xb7,
  CueTrack: 0xf7,
  CueClusterPosition: 0xf1,
};

/** A WebM file of one VP8 track from encoded chunks (timestamps in µs), a cluster starting at each key frame. */
export function webm(chunks, { width, height, fps, seconds }) {
  const header = element(
    ID.EBML,
    uint(ID.EBMLVersion, 1),
    uint(ID.EBMLReadVersion, 1),
    uint(ID.EBMLMaxIDLength, 4),
    uint(ID.EBMLMaxSizeLength, 8),
    str(ID.DocType, 'webm'),
    uint(ID.DocTypeVersion, 4),
    uint(ID.DocTypeReadVersion, 2),
  );
  const info = element(
    ID.Info,
    uint(ID.TimecodeScale, 1_000_000), // milliseconds
    float(ID.Duration, seconds * 1000),
    str(ID.MuxingApp, 'wallx make-demo-videos'),
    str(ID.WritingApp, 'wallx make-demo-videos (Chromium WebCodecs)'),
  );
  const tracks = element(
    ID.Tracks,
    element(
      ID.TrackEntry,
      uint(ID.TrackNumber, 1),
      uint(ID.TrackUID, 1),
      uint(ID.TrackType, 1),
      uint(ID.FlagLacing, 0),
      str(ID.CodecID, 'V_VP8'),
      uint(ID.DefaultDuration, Math.round(1e9 / fps)),
      element(ID.Video, uint(ID.PixelWidth, width), uint(ID.PixelHeight, height)),
    ),
  );
  /** @type {{ key: boolean, timestamp: number, data: string }[][]} */
  const groups = [];
  for (const chunk of chunks) {
    if (chunk.key || groups.length === 0) groups.push([]);
    groups[groups.length - 1].push(chunk);
  }
  const clusters = groups.map((group) => {
    const start = Math.round(group[0].timestamp / 1000);
    const blocks = group.map((chunk) => {
      const relative = Buffer.alloc(2);
      relative.writeInt16BE(Math.round(chunk.timestamp / 1000) - start);
      const flags = Buffer.from([chunk.key ? 0x80 : 0x00]);
      return element(ID.SimpleBlock, Buffer.from([0x81]), relative, flags, Buffer.from(chunk.data, 'base64'));
    });
    return { time: start, bytes: element(ID.Cluster, uint(ID.Timecode, start), ...blocks) };
  });
  // Positions count from the start of the Segment's body; the seek head has a fixed size (8-byte positions).
  const seekHead = (positions) =>
    element(
      ID.SeekHead,
      ...positions.map(([id, at]) => element(ID.Seek, element(ID.SeekID, idBytes(id)), uint(ID.SeekPosition, at, 8))),
    );
  const headSize = seekHead([
    [ID.Info, 0],
    [ID.Tracks, 0],
    [ID.Cues, 0],
  ]).length;
  let at = headSize + info.length + tracks.length;
  const cuePoints = clusters.map(({ time, bytes }) => {
    const point = element(
      ID.CuePoint,
      uint(ID.CueTime, time),
      element(ID.CueTrackPositions, uint(ID.CueTrack, 1), uint(ID.CueClusterPosition, at)),
    );
    at += bytes.length;
    return point;
  });
  const cues = element(ID.Cues, ...cuePoints);
  const head = seekHead([
    [ID.Info, headSize],
    [ID.Tracks, headSize + info.length],
    [ID.Cues, at],
  ]);
  return Buffer.concat([header, element(ID.Segment, head, info, tracks, ...clusters.map((c) => c.bytes), cues)]);
}
