/** Indented lines of generated TypeScript: `open` a block, `close` it. */
export class Writer {
  private lines: string[] = []
  private depth = 0
  line(text = ''): this {
    this.lines.push(text ? `${'  '.repeat(this.depth)}${text}` : '')
    return this
  }
  open(text: string): this {
    this.line(text)
    this.depth++
    return this
  }
  dedent(): this {
    this.depth--
    return this
  }
  close(text = '}'): this {
    this.depth--
    return this.line(text)
  }
  /** An empty group as postgres-meta prints it. */
  emptyGroup(title: string): this {
    return this.open(`${title}: {`).line('[_ in never]: never').close()
  }
  toString(): string {
    return `${this.lines.join('\n')}\n`
  }
}
