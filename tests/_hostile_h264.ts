/**
 * A huge-frame H.264 MP4 without encoding a huge frame (issue 31 point 4): ffmpeg makes a tiny
 * baseline clip, then the sequence parameter set in its `avcC` box is rewritten to claim another
 * size, and the boxes around it (and the sample entry's and track header's sizes) follow. Every
 * reader (ffprobe, a decoder) takes the frame size from the SPS, so the file is, to them, a
 * 16000x16000 video of about 2 KB: what the report's 865 KB file was, at no cost to the suite.
 */
import { Buffer } from "node:buffer";

class Bits {
  pos = 0;
  constructor(private b: Uint8Array) {}
  bit(): number {
    const v = (this.b[this.pos >> 3] >> (7 - (this.pos & 7))) & 1;
    this.pos++;
    return v;
  }
  u(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) v = v * 2 + this.bit();
    return v;
  }
  ue(): number {
    let zeros = 0;
    while (this.bit() === 0) zeros++;
    return 2 ** zeros - 1 + this.u(zeros);
  }
  se(): number {
    const k = this.ue();
    return k & 1 ? (k + 1) / 2 : -k / 2;
  }
}

class BitWriter {
  out: number[] = [];
  #n = 0;
  bit(v: number) {
    if ((this.#n & 7) === 0) this.out.push(0);
    if (v) this.out[this.out.length - 1] |= 1 << (7 - (this.#n & 7));
    this.#n++;
  }
  u(n: number, v: number) {
    for (let i = n - 1; i >= 0; i--) this.bit(Math.floor(v / 2 ** i) & 1);
  }
  ue(v: number) {
    const len = Math.floor(Math.log2(v + 1));
    this.u(len, 0);
    this.u(len + 1, v + 1);
  }
}

const unescape = (nal: Uint8Array) => {
  const out: number[] = [];
  for (let i = 0; i < nal.length; i++) {
    if (i >= 2 && nal[i] === 3 && nal[i - 1] === 0 && nal[i - 2] === 0) continue;
    out.push(nal[i]);
  }
  return Uint8Array.from(out);
};
const escape = (rbsp: number[]) => {
  const out: number[] = [];
  for (const b of rbsp) {
    const n = out.length;
    if (n >= 2 && out[n - 1] === 0 && out[n - 2] === 0 && b <= 3) out.push(3);
    out.push(b);
  }
  return Uint8Array.from(out);
};

/** The SPS (a NAL unit with its header byte) claiming `width` x `height` (multiples of 16). */
export function resizedSps(sps: Uint8Array, width: number, height: number): Uint8Array {
  const rbsp = unescape(sps.subarray(1));
  const r = new Bits(rbsp);
  const w = new BitWriter();
  const copyU = (n: number) => w.u(n, r.u(n));
  const copyUe = () => w.ue(r.ue());
  copyU(8); // profile_idc
  const profile = rbsp[0];
  copyU(16); // constraint flags, level
  copyUe(); // seq_parameter_set_id
  if ([100, 110, 122, 244, 44, 83, 86, 118, 128].includes(profile)) throw new Error("use a baseline SPS");
  copyUe(); // log2_max_frame_num_minus4
  const pocType = r.ue();
  w.ue(pocType);
  if (pocType === 0) copyUe();
  else if (pocType === 1) throw new Error("poc type 1 is not handled");
  copyUe(); // max_num_ref_frames
  copyU(1); // gaps_in_frame_num_value_allowed_flag
  r.ue(), r.ue(); // the old size, in macroblocks
  w.ue(width / 16 - 1);
  w.ue(height / 16 - 1);
  // The rest as it was, up to the stop bit (the last 1), then a new stop bit.
  let last = rbsp.length * 8 - 1;
  while (((rbsp[last >> 3] >> (7 - (last & 7))) & 1) === 0) last--;
  while (r.pos < last) w.bit(r.bit());
  w.bit(1);
  return Uint8Array.from([sps[0], ...escape(w.out)]);
}

type Box = { type: string; head: Buffer; children?: Box[]; body?: Buffer };

const CONTAINERS = new Set(["moov", "trak", "mdia", "minf", "stbl"]);

function parse(b: Buffer): Box[] {
  const boxes: Box[] = [];
  for (let off = 0; off + 8 <= b.length;) {
    const size = b.readUInt32BE(off);
    const type = b.toString("latin1", off + 4, off + 8);
    const payload = b.subarray(off + 8, off + size);
    if (CONTAINERS.has(type)) boxes.push({ type, head: Buffer.alloc(0), children: parse(payload) });
    // stsd: version+flags and a count, then sample entries; avc1: 78 bytes of fields, then boxes.
    else if (type === "stsd") boxes.push({ type, head: payload.subarray(0, 8), children: parse(payload.subarray(8)) });
    else if (type === "avc1") boxes.push({ type, head: Buffer.from(payload.subarray(0, 78)), children: parse(payload.subarray(78)) });
    else boxes.push({ type, head: Buffer.alloc(0), body: Buffer.from(payload) });
    off += size;
  }
  return boxes;
}

function write(boxes: Box[]): Buffer {
  return Buffer.concat(boxes.map((box) => {
    const payload = Buffer.concat([box.head, box.children ? write(box.children) : box.body!]);
    const size = Buffer.alloc(8);
    size.writeUInt32BE(payload.length + 8, 0);
    size.write(box.type, 4, "latin1");
    return Buffer.concat([size, payload]);
  }));
}

function visit(boxes: Box[], fn: (box: Box) => void) {
  for (const box of boxes) {
    fn(box);
    if (box.children) visit(box.children, fn);
  }
}

/** The MP4 (moov after mdat, as ffmpeg writes it without faststart) with every SPS and size set to `width` x `height`. */
export function claimFrameSize(mp4: Uint8Array, width: number, height: number): Uint8Array {
  const boxes = parse(Buffer.from(mp4));
  if (boxes.findIndex((b) => b.type === "moov") < boxes.findIndex((b) => b.type === "mdat")) {
    throw new Error("moov must come after mdat (chunk offsets stay put)");
  }
  visit(boxes, (box) => {
    if (box.type === "avc1") {
      box.head.writeUInt16BE(width, 24);
      box.head.writeUInt16BE(height, 26);
    }
    if (box.type === "tkhd" && box.body) {
      box.body.writeUInt32BE(width * 65536, box.body.length - 8);
      box.body.writeUInt32BE(height * 65536, box.body.length - 4);
    }
    if (box.type === "avcC" && box.body) {
      const c = box.body;
      const spsLen = c.readUInt16BE(6);
      const sps = resizedSps(c.subarray(8, 8 + spsLen), width, height);
      const len = Buffer.alloc(2);
      len.writeUInt16BE(sps.length, 0);
      box.body = Buffer.concat([c.subarray(0, 6), len, Buffer.from(sps), c.subarray(8 + spsLen)]);
    }
  });
  return write(boxes);
}
