/**
 * The photographs of `npm run bench:pictures`: 4000 × 3000 JPEGs of about 4 MB, as a phone camera
 * makes them. Gradients, detail at every scale (value noise from 3 to 192 px) and fine grain give
 * the entropy of a real photo, at full size and scaled down, so the decoder, the resizer and the
 * encoders work as hard as on one and the variants weigh what a photo's do; the JPEG quality is
 * searched once so the file lands at about 4 MB. Every photo gets a stamp of its own (a block of
 * its own colour at its own place): distinct pixels and bytes, so every upload is processed, never
 * recognised as one already kept (the engine's cost on distinct inputs). The noise is drawn here
 * rather than by sharp's `create.noise` (7 s for 12 megapixels on this machine).
 */
import sharp from 'sharp';

export const PHOTO = { width: 4000, height: 3000, targetBytes: 4_000_000 } as const;

export interface PhotoMaker {
  /** The quality the search settled on, and the size of the first photo. */
  quality: number;
  bytes: number;
  /** The i-th photo (0, 1, 2, …): distinct from every other. */
  make(i: number): Promise<Buffer>;
}

const STAMP = 48;

export async function photoMaker(): Promise<PhotoMaker> {
  const { width, height } = PHOTO;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 0x2961;
  // xorshift32; the sum of three uniforms is near enough to a gaussian for grain.
  const uniform = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 0x1_0000_0000;
  };
  const grain = () => (uniform() + uniform() + uniform() - 1.5) * 12; // sigma ≈ 6
  // Detail at every scale, as in a photographed scene (edges, textures, shapes): value noise on
  // grids of 3 to 192 pixels, each octave as strong as the next. Without it the grain alone
  // averages away when the picture is scaled down, and the variants come out unrealistically small.
  const octaves = [3, 12, 48, 192].map((cell) => {
    const columns = Math.ceil(width / cell) + 2;
    const rows = Math.ceil(height / cell) + 2;
    const grid = new Float32Array(columns * rows);
    for (let i = 0; i < grid.length; i++) grid[i] = (uniform() - 0.5) * 44;
    return { cell, columns, grid };
  });
  const detail = (x: number, y: number) => {
    let sum = 0;
    for (const { cell, columns, grid } of octaves) {
      const gx = x / cell;
      const gy = y / cell;
      const x0 = gx | 0;
      const y0 = gy | 0;
      const fx = gx - x0;
      const fy = gy - y0;
      const at = y0 * columns + x0;
      const top = grid[at] + (grid[at + 1] - grid[at]) * fx;
      const bottom = grid[at + columns] + (grid[at + columns + 1] - grid[at + columns]) * fx;
      sum += top + (bottom - top) * fy;
    }
    return sum;
  };
  for (let y = 0; y < height; y++) {
    const wave = Math.sin(y / 97) * 20;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const d = detail(x, y);
      raw[i] = clamp((x / width) * 160 + 40 + wave + d + grain());
      raw[i + 1] = clamp((y / height) * 150 + 50 + Math.cos(x / 131) * 25 + d * 0.9 + grain());
      raw[i + 2] = clamp(((x + y) / (width + height)) * 170 + 40 + d * 0.8 + grain());
    }
  }
  const encode = (quality: number) => sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();

  // The quality whose file is nearest the target (the size grows with the quality).
  let low = 50;
  let high = 98;
  let best = { quality: 90, bytes: (await encode(90)).length };
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    const bytes = (await encode(mid)).length;
    if (Math.abs(bytes - PHOTO.targetBytes) < Math.abs(best.bytes - PHOTO.targetBytes)) best = { quality: mid, bytes };
    if (bytes < PHOTO.targetBytes) low = mid;
    else high = mid;
  }

  return {
    ...best,
    async make(i: number) {
      const across = Math.floor(width / STAMP);
      const left = (i % across) * STAMP;
      const top = (Math.floor(i / across) * STAMP) % (height - STAMP);
      const colour = [(i * 73) & 255, (i * 151) & 255, (i * 199) & 255];
      for (let y = top; y < top + STAMP; y++) {
        for (let x = left; x < left + STAMP; x++) raw.set(colour, (y * width + x) * 3);
      }
      return encode(best.quality);
    },
  };
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** A square 512 × 512 PNG logo (shapes on a transparent ground: no font needed), as a designer exports one. */
export function logoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#ec4899"/></linearGradient></defs>
<rect x="32" y="32" width="448" height="448" rx="96" fill="url(#g)"/>
<circle cx="256" cy="220" r="110" fill="#fff" fill-opacity="0.9"/>
<path d="M120 400 L256 260 L392 400 Z" fill="#111827" fill-opacity="0.8"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
