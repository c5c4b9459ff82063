/**
 * The keys of a pasted config.json, read with a record of which were used: every number checked
 * to be a whole number in range, a failure raised as a Refusal naming the key.
 */
import { MAX_SIZE } from './configLimits';

/** Why a config cannot be read, and the key or field it is about. */
export class Refusal {
  constructor(
    readonly field: string,
    readonly message: string,
  ) {}
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The keys of a config, and of its text_config when it has one, with a record of which were read. */
export class Keys {
  readonly used = new Set<string>();
  readonly notes: string[] = [];
  constructor(
    private readonly root: JsonObject,
    private readonly text: JsonObject | null,
  ) {}

  /** The name a key is reported by, and its value: text_config's first. */
  private find(key: string): { name: string; value: Json } | undefined {
    if (this.text && key in this.text) return { name: `text_config.${key}`, value: this.text[key]! };
    if (key in this.root) return { name: key, value: this.root[key]! };
    return undefined;
  }

  has(key: string): boolean {
    const f = this.find(key);
    return f !== undefined && f.value !== null;
  }

  raw(key: string): { name: string; value: Json } | undefined {
    const f = this.find(key);
    if (f === undefined || f.value === null) return undefined;
    this.used.add(f.name);
    return f;
  }

  /** A whole number in [min, max], or undefined when the key is absent or null. */
  int(key: string, min = 1, max = MAX_SIZE): number | undefined {
    const f = this.raw(key);
    if (!f) return undefined;
    return wholeNumber(f.name, f.value, min, max);
  }

  /** The first of `keys` present, as a whole number; refused with every name when none is. */
  need(keys: readonly string[], why: string, min = 1, max = MAX_SIZE): number {
    for (const k of keys) {
      const v = this.int(k, min, max);
      if (v !== undefined) return v;
    }
    throw new Refusal(keys[0]!, `missing key ${keys.join(' or ')}: ${why}`);
  }

  ignored(): string[] {
    const all = [
      ...Object.keys(this.root).filter((k) => k !== 'text_config' || !this.text),
      ...(this.text ? Object.keys(this.text).map((k) => `text_config.${k}`) : []),
    ];
    return all.filter((k) => !this.used.has(k));
  }
}

export function wholeNumber(field: string, v: Json, min: number, max: number): number {
  if (typeof v !== 'number') throw new Refusal(field, `${field} must be a number, got ${JSON.stringify(v).slice(0, 40)}`);
  if (!Number.isFinite(v)) throw new Refusal(field, `${field} must be finite`);
  if (!Number.isInteger(v)) throw new Refusal(field, `${field} must be a whole number, got ${v}`);
  if (v < min) throw new Refusal(field, `${field} must be at least ${min}, got ${v}`);
  if (v > max) throw new Refusal(field, `${field} must be at most ${max.toLocaleString('en-US')}, got ${v}`);
  return v;
}
