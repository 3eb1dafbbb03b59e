/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_PLATFORM_API?: string;
}
