/** A small cache: the panel asks for the same odds on every redraw. */
export class Memo<T> {
  private readonly map = new Map<string, T>();
  constructor(private readonly size = 200) {}
  get(key: string, make: () => T): T {
    const hit = this.map.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    if (this.map.size >= this.size) this.map.delete(this.map.keys().next().value!);
    this.map.set(key, value);
    return value;
  }
}
