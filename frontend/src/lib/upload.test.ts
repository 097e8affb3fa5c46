import { describe, expect, it } from 'vitest'
import { asciiFilename, checkUpload, MAX_UPLOAD_BYTES, uploadFailure, uploadForm } from './upload'

describe('checkUpload', () => {
  it('accepts PDF, JPEG and PNG up to 30MB', () => {
    expect(checkUpload({ name: 'a.pdf', size: MAX_UPLOAD_BYTES, type: 'application/pdf' })).toBeNull()
    expect(checkUpload({ name: 'a.jpg', size: 10, type: 'image/jpeg' })).toBeNull()
    expect(checkUpload({ name: 'a.png', size: 10, type: 'image/png' })).toBeNull()
    expect(checkUpload({ name: 'a.JPEG', size: 10, type: '' })).toBeNull()
  })

  it('rejects files over 30MB', () => {
    expect(checkUpload({ name: 'a.pdf', size: MAX_UPLOAD_BYTES + 1, type: 'application/pdf' })).toEqual({
      title: 'File too large',
      description: 'The file size should not exceed 30MB',
    })
  })

  it('rejects other types', () => {
    const invalid = { title: 'Invalid file type', description: 'Only PDF, JPG, and PNG files are allowed' }
    expect(checkUpload({ name: 'a.docx', size: 10, type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })).toEqual(invalid)
    expect(checkUpload({ name: 'a.gif', size: 10, type: 'image/gif' })).toEqual(invalid)
    expect(checkUpload({ name: 'a.txt', size: 10, type: '' })).toEqual(invalid)
  })
})

describe('upload form', () => {
  it('strips non-ASCII characters from the name', () => {
    expect(asciiFilename('Zertifikat-Übersicht.pdf')).toBe('Zertifikat-bersicht.pdf')
    expect(asciiFilename('营业执照.pdf')).toBe('file.pdf')
  })

  it('puts extra fields before the file', () => {
    const fd = uploadForm(new File(['%PDF-1.4'], 'é.pdf', { type: 'application/pdf' }), { type: 'business_license' })
    expect([...fd.keys()]).toEqual(['type', 'file'])
    expect((fd.get('file') as File).name).toBe('file.pdf')
  })
})

describe('uploadFailure', () => {
  it("reads the server's size and type refusals as the client's checks do", () => {
    expect(uploadFailure({ status: 413, data: { message: 'too large' } }, 'Failed to upload document')).toEqual({
      title: 'File too large',
      description: 'The file size should not exceed 30MB',
    })
    expect(uploadFailure({ status: 415, data: { message: 'unsupported' } }, 'Failed to upload document').title).toBe('Invalid file type')
  })

  it("uses the step's title with the response text for any other answer", () => {
    expect(uploadFailure({ status: 409, data: { message: 'Only drafts can be edited' } }, 'Failed to upload passport')).toEqual({
      title: 'Failed to upload passport',
      description: 'Only drafts can be edited',
    })
    const full =
      'Your files take 1.9 GiB of the 2 GiB your account may store (deleted files count until they are removed for good); an upload needs 30 MiB free'
    expect(uploadFailure({ status: 409, data: { message: full } }, 'Failed to upload document')).toEqual({
      title: 'Failed to upload document',
      description: full,
    })
    const busy = 'You have 4 uploads in progress, the most at once; wait for one to finish before starting another'
    expect(uploadFailure({ status: 429, data: { message: busy } }, 'Failed to upload document').description).toBe(busy)
    expect(uploadFailure({ status: 500, data: undefined, statusText: 'Internal Server Error' }, 'Failed to upload document').description).toBe(
      '500: Internal Server Error',
    )
  })

  it("is the generic 'Upload failed' when the upload got no answer", () => {
    const generic = { title: 'Upload failed', description: 'There was an error uploading your file' }
    expect(uploadFailure({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'Failed to upload document')).toEqual(generic)
    expect(uploadFailure(new Error('boom'), 'Failed to upload document')).toEqual(generic)
  })
})
