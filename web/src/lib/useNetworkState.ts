import { useSyncExternalStore } from 'react';
import { networkState, subscribeNetwork, type NetworkState } from './network';

/** The connection as the app knows it (lib/network), re-rendering when it changes. */
export function useNetworkState(): NetworkState {
  return useSyncExternalStore(subscribeNetwork, networkState, () => 'online');
}
