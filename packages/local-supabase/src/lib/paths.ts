import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const REPO_ROOT = path.resolve(PACKAGE_DIR, '../..')
export const DEFAULT_DATA_DIR = path.join(PACKAGE_DIR, '.data')
