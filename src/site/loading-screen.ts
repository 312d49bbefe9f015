/** Shown only when a request arrives before the content store is ready (decision 4). */
export const loadingScreenHtml = `<main class="flex min-h-screen items-center justify-center bg-abyss-950 px-6 text-center text-white">
<div role="status" aria-live="polite">
<div class="mx-auto size-14 animate-spin rounded-full border-4 border-lagoon-300/30 border-t-lagoon-300" aria-hidden="true"></div>
<h1 class="mt-8 font-display text-3xl font-semibold">Loading Content</h1>
<p class="mt-3 text-lagoon-100">Setting up your cenote diving experience...</p>
</div>
</main>`;
