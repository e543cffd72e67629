// A binary min-heap of integer ids keyed by a number, used to emit records in completion order without
// sorting everything at the end. Ties break on the smaller id so output is deterministic.

export class MinHeap {
  private ids: Int32Array;
  private keys: Float64Array;
  private count = 0;

  constructor(capacity = 64) {
    this.ids = new Int32Array(Math.max(4, capacity));
    this.keys = new Float64Array(Math.max(4, capacity));
  }

  get size(): number {
    return this.count;
  }

  /** Smallest key, or +Infinity when empty. */
  peekKey(): number {
    return this.count > 0 ? this.keys[0] : Infinity;
  }

  push(id: number, key: number): void {
    if (this.count === this.ids.length) this.grow();
    let i = this.count++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(key, id, this.keys[parent], this.ids[parent])) break;
      this.ids[i] = this.ids[parent];
      this.keys[i] = this.keys[parent];
      i = parent;
    }
    this.ids[i] = id;
    this.keys[i] = key;
  }

  /** Removes and returns the id with the smallest key; -1 when empty. */
  pop(): number {
    if (this.count === 0) return -1;
    const top = this.ids[0];
    const lastId = this.ids[--this.count];
    const lastKey = this.keys[this.count];
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.count) break;
      const right = left + 1;
      const child =
        right < this.count && this.less(this.keys[right], this.ids[right], this.keys[left], this.ids[left])
          ? right
          : left;
      if (!this.less(this.keys[child], this.ids[child], lastKey, lastId)) break;
      this.ids[i] = this.ids[child];
      this.keys[i] = this.keys[child];
      i = child;
    }
    this.ids[i] = lastId;
    this.keys[i] = lastKey;
    return top;
  }

  private less(ka: number, ia: number, kb: number, ib: number): boolean {
    return ka < kb || (ka === kb && ia < ib);
  }

  private grow(): void {
    const ids = new Int32Array(this.ids.length * 2);
    const keys = new Float64Array(this.keys.length * 2);
    ids.set(this.ids);
    keys.set(this.keys);
    this.ids = ids;
    this.keys = keys;
  }
}
