// The only module that imports valtio directly (architecture rule): features create their stores through it.
export { proxy, ref, snapshot, subscribe, useSnapshot } from 'valtio';
export { subscribeKey } from 'valtio/utils';
