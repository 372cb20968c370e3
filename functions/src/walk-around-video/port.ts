/** The walk-around video's encoder port: pictures in, an H.264 MP4 out. No AWS SDK, no encoder library here. */

/** One picture in I420 (8-bit Y plane, then U and V at half resolution; BT.709, limited range) and how long it shows. */
export interface EncoderFrame {
  i420: Uint8Array;
  /** Frame times (1 / ticksPerSecond) the picture stays on screen: a hold is one frame of many ticks. */
  ticks: number;
}

export interface VideoEncoding {
  width: number;
  height: number;
  ticksPerSecond: number;
  /** Pulled one at a time, so the pictures are made as the encoder takes them (a fade frame lives for one frame). */
  frames: Iterable<EncoderFrame>;
  /** A keyframe at least every this many frames (where a player can start decoding after a seek). */
  keyframeEvery: number;
}

export interface VideoEncoder {
  /** What encodes, for the record and the logs. */
  readonly name: string;
  /** An MP4 with one H.264 track, each frame lasting its ticks. */
  encode(video: VideoEncoding): Promise<Buffer>;
}
