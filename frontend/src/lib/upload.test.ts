import { describe, expect, it } from 'vitest'
import { asciiFilename, checkUpload, MAX_UPLOAD_BYTES, uploadForm } from './upload'

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
