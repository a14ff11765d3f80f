import { describe, expect, it } from 'vitest'
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MESSAGES,
  attachmentProblem,
  attachmentType,
  formatBytes,
  storageFileName,
} from './attachments'

const file = (name: string, type: string, size = 1000) => ({ name, type, size })

describe('attachmentType', () => {
  it('takes what the browser said when it is accepted, parameters aside', () => {
    expect(attachmentType(file('scan.pdf', 'application/pdf'))).toBe('application/pdf')
    expect(attachmentType(file('notes', 'text/plain;charset=UTF-8'))).toBe('text/plain')
  })

  it('falls back to the extension when the browser says nothing or something generic', () => {
    expect(attachmentType(file('export.CSV', ''))).toBe('text/csv')
    expect(attachmentType(file('budget.xlsx', 'application/octet-stream'))).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
  })

  it('refuses anything else, whatever its name claims', () => {
    expect(attachmentType(file('page.html', 'text/html'))).toBeNull()
    expect(attachmentType(file('tool.exe', 'application/x-msdownload'))).toBeNull()
    expect(attachmentType(file('no-extension', ''))).toBeNull()
  })
})

describe('storageFileName', () => {
  it.each([
    ['résumé final.pdf', 'resume-final.pdf'],
    ['../../etc/passwd', 'etc-passwd'],
    ['Screenshot 2026-11-25 at 10.00.00.png', 'Screenshot-2026-11-25-at-10.00.00.png'],
    ['写真.jpg', 'file.jpg'],
    ['.hidden', 'file.hidden'],
    [`${'x'.repeat(300)}.docx`, `${'x'.repeat(95)}.docx`],
  ])('%s → %s', (name, key) => {
    expect(storageFileName(name)).toBe(key)
    expect(storageFileName(name)).toMatch(/^[A-Za-z0-9._-]{1,100}$/)
  })
})

describe('attachmentProblem', () => {
  it('lets up to five accepted files of up to 10 MB through', () => {
    expect(attachmentProblem([])).toBeNull()
    expect(
      attachmentProblem(
        Array.from({ length: 5 }, (_, i) => file(`p${i}.png`, 'image/png', ATTACHMENT_MAX_BYTES)),
      ),
    ).toBeNull()
  })

  it('names the file that cannot go and why', () => {
    expect(attachmentProblem(Array.from({ length: 6 }, (_, i) => file(`p${i}.png`, 'image/png')))).toBe(
      ATTACHMENT_MESSAGES.tooMany,
    )
    expect(attachmentProblem([file('big.pdf', 'application/pdf', ATTACHMENT_MAX_BYTES + 1)])).toBe(
      ATTACHMENT_MESSAGES.tooBig('big.pdf'),
    )
    expect(attachmentProblem([file('empty.txt', 'text/plain', 0)])).toBe(
      ATTACHMENT_MESSAGES.empty('empty.txt'),
    )
    expect(attachmentProblem([file('ok.png', 'image/png'), file('page.html', 'text/html')])).toBe(
      ATTACHMENT_MESSAGES.wrongType('page.html'),
    )
  })
})

it('offers the accepted types to the file picker and words sizes for people', () => {
  expect(ATTACHMENT_ACCEPT.split(',')).toEqual(expect.arrayContaining(['application/pdf', '.pdf', '.docx']))
  expect([formatBytes(900), formatBytes(2048), formatBytes(3 * 1024 * 1024)]).toEqual([
    '900 B',
    '2 KB',
    '3.0 MB',
  ])
})
