/** What an index build's main thread and its worker threads say to each other. */
import type { HnswParams } from '../dense-index.js';

export interface HnswWorkerData {
  dim: number;
  params: HnswParams;
  initialCapacity: number;
  hnswFile: string;
  vectorsFile: string;
  /** Vectors in arrival order while building (removed once `dense.vectors` is written). */
  rowsFile: string;
}

export type HnswWorkerRequest =
  | { type: 'add'; seq: number; ids: Uint32Array; vectors: Float32Array }
  | { type: 'finish' };

export type HnswWorkerReply =
  | { type: 'added'; seq: number; total: number }
  | { type: 'finished'; count: number }
  | { type: 'error'; message: string };

export interface EncodeWorkerData {
  modelDir: string;
  /** The encoder id the main thread loaded: the worker refuses other weights. */
  expectId: string;
}

export interface EncodeWorkerRequest {
  type: 'encode';
  seq: number;
  texts: string[];
}

export type EncodeWorkerReply =
  | { type: 'ready' }
  | { type: 'encoded'; seq: number; vectors: Float32Array }
  | { type: 'error'; message: string };
