/** Public entry of the printable problem sets feature (issue 32): what other features may import. */
export { DownloadProblemsPdfButton } from './DownloadProblemsPdfButton';
export { printSetApi, printSetQuery, printSetKeys } from './api';
