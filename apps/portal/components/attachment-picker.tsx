'use client'

import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_FILES,
  attachmentProblem,
  formatBytes,
} from '@siyakha/schemas/attachments'
import { useId, useState } from 'react'

/**
 * "Attach files": a plain file input named `files` (it posts with its form, with or without
 * JavaScript), which lists what was chosen and says at once what the server would refuse (the
 * shared rules). Re-mount it (a new `key`) to clear it after a message went out.
 */
export function AttachmentPicker({ label = 'Attach files' }: { label?: string }) {
  const id = useId()
  const [chosen, setChosen] = useState<File[]>([])
  const problem = attachmentProblem(chosen)
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="field-label">
        {label} <span className="font-normal text-slate-600">(optional)</span>
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        Up to {ATTACHMENT_MAX_FILES} files, 10 MB each: images, PDF, Word, Excel, PowerPoint, text or CSV.
      </p>
      <input
        id={id}
        type="file"
        name="files"
        multiple
        accept={ATTACHMENT_ACCEPT}
        aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])]
          setChosen(files)
          event.currentTarget.setCustomValidity(attachmentProblem(files) ?? '')
        }}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold"
      />
      {chosen.length > 0 ? (
        <ul className="text-sm text-slate-700">
          {chosen.map((file, at) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two chosen files may share a name
            <li key={at}>
              {file.name} ({formatBytes(file.size)})
            </li>
          ))}
        </ul>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
