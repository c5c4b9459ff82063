/**
 * The delta rule's kernels in WGSL, written for this page: token by token (C = 1), and chunked as
 * a prepare pass per chunk (in-chunk decays, A = β KKᵀ ⊙ Γ, forward substitution for T, W, U and
 * P = QKᵀ ⊙ Γ) and a scan per head and value tile that holds its columns of the state in registers
 * over every chunk. src/core/gpuKernelMath.ts is the same algorithm in float64, loop for loop.
 * Sizes are written in as constants, so each shape compiles to its own module.
 * Layout: q, k, v, o are [H][L][d]; bg is (β, g) per token; wu is W then U per token (U becomes
 * V' in place); pb holds per chunk P in its lower triangle and A transposed in its strict upper.
 */

export interface Shape {
  readonly L: number;
  readonly d: number;
}

/** Threads of a scan or recurrent workgroup: one value column each. */
export const valueTile = (d: number) => Math.min(64, d);

/** Where the prepare pass keeps T: in workgroup memory when C² floats fit beside G and β, else in a storage buffer. */
export type TPath = 'workgroup' | 'global';

export function tPath(C: number, workgroupBytes: number): TPath {
  return 4 * (C * C + 2 * C) <= workgroupBytes ? 'workgroup' : 'global';
}

const header = ({ L, d }: Shape) => `const L = ${L}u;\nconst D = ${d}u;\nconst VT = ${valueTile(d)}u;\n`;

export function recurrentShader(s: Shape): string {
  return `${header(s)}
@group(0) @binding(0) var<storage, read> q: array<f32>;
@group(0) @binding(1) var<storage, read> k: array<f32>;
@group(0) @binding(2) var<storage, read> v: array<f32>;
@group(0) @binding(3) var<storage, read> bg: array<vec2f>;
@group(0) @binding(4) var<storage, read_write> o: array<f32>;

@compute @workgroup_size(VT)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) lid: u32) {
  let h = wg.y;
  let j = wg.x * VT + lid;
  var S: array<f32, D>;
  for (var t = 0u; t < L; t++) {
    let r = h * L + t;
    let b = bg[r];
    let alpha = exp(b.y);
    var kS = 0.0;
    for (var a = 0u; a < D; a++) {
      S[a] = S[a] * alpha;
      kS += k[r * D + a] * S[a];
    }
    let u = b.x * (v[r * D + j] - kS);
    var acc = 0.0;
    for (var a = 0u; a < D; a++) {
      S[a] = S[a] + k[r * D + a] * u;
      acc += q[r * D + a] * S[a];
    }
    o[r * D + j] = acc;
  }
}
`;
}

export function prepareShader(s: Shape & { C: number; path: TPath }): string {
  const { C, path } = s;
  const global = path === 'global';
  return `${header(s)}const C = ${C}u;
const NC = ${Math.ceil(s.L / C)}u;
@group(0) @binding(0) var<storage, read> q: array<f32>;
@group(0) @binding(1) var<storage, read> k: array<f32>;
@group(0) @binding(2) var<storage, read> v: array<f32>;
@group(0) @binding(3) var<storage, read> bg: array<vec2f>;
@group(0) @binding(4) var<storage, read_write> wu: array<f32>;
@group(0) @binding(5) var<storage, read_write> pb: array<f32>;
@group(0) @binding(6) var<storage, read_write> gc: array<f32>;
${global ? '@group(0) @binding(7) var<storage, read_write> tb: array<f32>;' : 'var<workgroup> T: array<f32, C * C>;'}
var<workgroup> G: array<f32, C>;
var<workgroup> B: array<f32, C>;
var<private> blk: u32;

fn tget(i: u32) -> f32 { return ${global ? 'tb[blk + i]' : 'T[i]'}; }
fn tset(i: u32, x: f32) { ${global ? 'tb[blk + i] = x;' : 'T[i] = x;'} }
fn kdot(x: u32, y: u32) -> f32 {
  var s = 0.0;
  for (var a = 0u; a < D; a++) { s += k[x * D + a] * k[y * D + a]; }
  return s;
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) lid: u32) {
  let c = wg.x;
  let h = wg.y;
  let n = min(C, L - c * C);
  let base = h * L + c * C;
  blk = (h * NC + c) * C * C;
  for (var r = lid; r < n; r += 64u) {
    var acc = 0.0;
    for (var x = 0u; x <= r; x++) { acc += bg[base + x].y; }
    G[r] = acc;
    B[r] = bg[base + r].x;
    gc[base + r] = acc;
  }
  workgroupBarrier();
  for (var e = lid; e < n * n; e += 64u) {
    let i = e / n;
    let j = e % n;
    if (j < i) { pb[blk + j * C + i] = B[i] * kdot(base + i, base + j) * exp(G[i] - G[j]); }
  }
  storageBarrier();
  for (var i = 0u; i < n; i++) {
    for (var col = lid; col <= i; col += 64u) {
      var t = select(0.0, B[i], col == i);
      for (var j = col; j < i; j++) { t -= pb[blk + j * C + i] * tget(j * C + col); }
      tset(i * C + col, t);
    }
    ${global ? 'storageBarrier();' : 'workgroupBarrier();'}
  }
  for (var e = lid; e < n * D; e += 64u) {
    let i = e / D;
    let a = e % D;
    var w = 0.0;
    var u = 0.0;
    for (var j = 0u; j <= i; j++) {
      let t = tget(i * C + j);
      w += t * exp(G[j]) * k[(base + j) * D + a];
      u += t * v[(base + j) * D + a];
    }
    wu[(base + i) * 2u * D + a] = w;
    wu[(base + i) * 2u * D + D + a] = u;
  }
  for (var e = lid; e < n * n; e += 64u) {
    let i = e / n;
    let j = e % n;
    if (j <= i) {
      var s = 0.0;
      for (var a = 0u; a < D; a++) { s += q[(base + i) * D + a] * k[(base + j) * D + a]; }
      pb[blk + i * C + j] = s * exp(G[i] - G[j]);
    }
  }
}
`;
}

export function scanShader(s: Shape & { C: number }): string {
  return `${header(s)}const C = ${s.C}u;
const NC = ${Math.ceil(s.L / s.C)}u;
@group(0) @binding(0) var<storage, read> q: array<f32>;
@group(0) @binding(1) var<storage, read> k: array<f32>;
@group(0) @binding(2) var<storage, read_write> wu: array<f32>;
@group(0) @binding(3) var<storage, read> pb: array<f32>;
@group(0) @binding(4) var<storage, read> gc: array<f32>;
@group(0) @binding(5) var<storage, read_write> o: array<f32>;

@compute @workgroup_size(VT)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) lid: u32) {
  let h = wg.y;
  let j = wg.x * VT + lid;
  var S: array<f32, D>;
  for (var c = 0u; c < NC; c++) {
    let n = min(C, L - c * C);
    let base = h * L + c * C;
    let blk = (h * NC + c) * C * C;
    for (var i = 0u; i < n; i++) {
      let r = (base + i) * 2u * D;
      var acc = wu[r + D + j];
      for (var a = 0u; a < D; a++) { acc -= wu[r + a] * S[a]; }
      wu[r + D + j] = acc;
    }
    for (var i = 0u; i < n; i++) {
      let r = base + i;
      var acc = 0.0;
      for (var a = 0u; a < D; a++) { acc += q[r * D + a] * S[a]; }
      acc *= exp(gc[r]);
      for (var l = 0u; l <= i; l++) { acc += pb[blk + i * C + l] * wu[(base + l) * 2u * D + D + j]; }
      o[r * D + j] = acc;
    }
    let gl = gc[base + n - 1u];
    let e = exp(gl);
    for (var a = 0u; a < D; a++) { S[a] = S[a] * e; }
    for (var l = 0u; l < n; l++) {
      let f = exp(gl - gc[base + l]) * wu[(base + l) * 2u * D + D + j];
      for (var a = 0u; a < D; a++) { S[a] = S[a] + k[(base + l) * D + a] * f; }
    }
  }
}
`;
}
