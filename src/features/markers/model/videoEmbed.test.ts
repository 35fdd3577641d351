import { describe, it, expect } from 'vitest';
import { videoEmbed, videoSource } from './videoEmbed.ts';

describe('videoEmbed', () => {
  it('recognises YouTube links in their forms', () => {
    const embed = 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ';
    expect(videoEmbed('https://www.youtube.com/watch?v=aqz-KE-bpKQ')?.url).toBe(embed);
    expect(videoEmbed('https://youtu.be/aqz-KE-bpKQ')?.url).toBe(embed);
    expect(videoEmbed('https://m.youtube.com/watch?v=aqz-KE-bpKQ&t=3')?.url).toBe(embed);
    expect(videoEmbed('https://www.youtube.com/embed/aqz-KE-bpKQ')?.url).toBe(embed);
    expect(videoEmbed('https://www.youtube.com/shorts/aqz-KE-bpKQ')?.host).toBe('youtube');
  });
  it('recognises Vimeo and Dailymotion', () => {
    expect(videoEmbed('https://vimeo.com/76979871')?.url).toBe('https://player.vimeo.com/video/76979871');
    expect(videoEmbed('https://player.vimeo.com/video/76979871')?.url).toBe('https://player.vimeo.com/video/76979871');
    expect(videoEmbed('https://www.dailymotion.com/video/x7tgad0')?.url).toBe('https://www.dailymotion.com/embed/video/x7tgad0');
    expect(videoEmbed('https://dai.ly/x7tgad0')?.url).toBe('https://www.dailymotion.com/embed/video/x7tgad0');
  });
  it('returns null for other links, bad ids and non-web schemes', () => {
    expect(videoEmbed('https://example.com/film.mp4')).toBeNull();
    expect(videoEmbed('https://www.youtube.com/watch?v=<script>')).toBeNull();
    expect(videoEmbed('javascript:alert(1)')).toBeNull();
    expect(videoEmbed('not a url')).toBeNull();
  });
});

describe('videoSource', () => {
  it('plays .m3u8 through HLS and the rest as files', () => {
    expect(videoSource('https://cdn.example.com/live/index.m3u8?token=1').kind).toBe('hls');
    expect(videoSource('/media/film.mp4').kind).toBe('file');
    expect(videoSource('https://youtu.be/abc').kind).toBe('embed');
  });
});
