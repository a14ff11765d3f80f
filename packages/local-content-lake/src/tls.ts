import { execFileSync } from 'node:child_process'
import { createHash, X509Certificate } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export interface LocalCertificates {
  dir: string
  caPath: string
  key: Buffer
  cert: Buffer
  ca: Buffer
  /** base64 SHA-256 of the leaf's SubjectPublicKeyInfo, for `--ignore-certificate-errors-spki-list`. */
  spkiHash: string
  /** True when this call made a new CA: the person has to trust it (once). */
  createdCa: boolean
}

const CA_DAYS = 3650
// Browsers cap server certificates at 398 days; a fresh one is made a month before it runs out.
const LEAF_DAYS = 397
const RENEW_BEFORE_MS = 30 * 24 * 3600 * 1000

function openssl(args: string[], cwd: string): void {
  try {
    execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] })
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: Buffer }
    if (failure.code === 'ENOENT') {
      throw new Error(
        'The openssl command is needed to create the local certificates; install it and start again.',
      )
    }
    throw new Error(`openssl ${args[0]} failed: ${failure.stderr?.toString().trim() || failure.message}`)
  }
}

function validFor(certPath: string, ms: number): X509Certificate | undefined {
  if (!existsSync(certPath)) return undefined
  const cert = new X509Certificate(readFileSync(certPath))
  return new Date(cert.validTo).getTime() - Date.now() > ms ? cert : undefined
}

function createCa(dir: string): void {
  openssl(
    [
      'req',
      '-x509',
      '-new',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      String(CA_DAYS),
      '-subj',
      '/CN=Local Content Lake CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE,pathlen:0',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  )
}

function createLeaf(dir: string, hosts: string[]): void {
  const names = [...hosts.map((host) => `DNS:${host}`), 'IP:127.0.0.1', 'IP:::1']
  writeFileSync(
    path.join(dir, 'server.ext'),
    [
      'basicConstraints=CA:FALSE',
      'keyUsage=critical,digitalSignature,keyEncipherment',
      'extendedKeyUsage=serverAuth',
      `subjectAltName=${names.join(',')}`,
      '',
    ].join('\n'),
  )
  openssl(
    [
      'req',
      '-new',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      'server.key',
      '-out',
      'server.csr',
      '-subj',
      '/CN=localhost',
    ],
    dir,
  )
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'server.crt',
      '-days',
      String(LEAF_DAYS),
      '-extfile',
      'server.ext',
    ],
    dir,
  )
  rmSync(path.join(dir, 'server.csr'), { force: true })
}

/**
 * A local CA (kept ten years, so it is trusted once) and a server certificate it signs for
 * localhost, `<projectId>.localhost`, `*.localhost` (where a browser accepts it) and 127.0.0.1.
 * Both are reused across runs; the server certificate is renewed when due or when the project
 * id's host is missing from it.
 */
export function ensureCertificates(dir: string, projectId: string): LocalCertificates {
  mkdirSync(dir, { recursive: true })
  const caPath = path.join(dir, 'ca.crt')
  const hosts = ['localhost', `${projectId}.localhost`, '*.localhost']
  let createdCa = false
  if (!validFor(caPath, RENEW_BEFORE_MS) || !existsSync(path.join(dir, 'ca.key'))) {
    createCa(dir)
    createdCa = true
  }
  const leaf = createdCa ? undefined : validFor(path.join(dir, 'server.crt'), RENEW_BEFORE_MS)
  const leafCovers = leaf?.subjectAltName?.includes(`DNS:${projectId}.localhost`) ?? false
  if (!leafCovers || !existsSync(path.join(dir, 'server.key'))) createLeaf(dir, hosts)
  const cert = readFileSync(path.join(dir, 'server.crt'))
  const spki = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' })
  return {
    dir,
    caPath,
    key: readFileSync(path.join(dir, 'server.key')),
    cert,
    ca: readFileSync(caPath),
    spkiHash: createHash('sha256').update(spki).digest('base64'),
    createdCa,
  }
}

/** The one step a person takes so the browser trusts the lake's HTTPS origin. */
export function trustInstructions(certs: LocalCertificates): string {
  const trust =
    process.platform === 'darwin'
      ? `sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain "${certs.caPath}"`
      : process.platform === 'win32'
        ? `certutil -addstore -user Root "${certs.caPath}"`
        : `certutil -d sql:$HOME/.pki/nssdb -A -t "C,," -n "Local Content Lake" -i "${certs.caPath}"   (Chrome/Chromium; needs libnss3-tools)`
  return [
    'To let the browser trust the Studio origin, trust the local CA once:',
    `  ${trust}`,
    'or start a dedicated browser profile with:',
    `  --ignore-certificate-errors-spki-list=${certs.spkiHash}`,
  ].join('\n')
}
