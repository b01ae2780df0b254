#ifndef NARRATE_PCAUDIO_H
#define NARRATE_PCAUDIO_H

/*
 * libpcaudio's API. On Linux the functions are defined by narrate_pcaudio.c, which opens
 * libpcaudio with dlopen the first time one is called: linked, it and the PulseAudio, ALSA,
 * D-Bus, systemd and X11 libraries behind it would be loaded by every command at start-up
 * (a command that synthesizes loads them anyway, with libespeak-ng, which needs them; the
 * others, from `--version` to `serve`, no longer do). When libpcaudio cannot be loaded,
 * create_audio_device_object returns NULL.
 */
#include <pcaudiolib/audio.h>

#endif
